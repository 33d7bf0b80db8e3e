// The alternate screen: the UI takes the whole terminal and gives the user's
// scrollback back untouched when it leaves, also on errors and signals.

const ENTER = '\u001b[?1049h\u001b[H';
const LEAVE = '\u001b[?25h\u001b[?1049l';

/** Switches `out` to the alternate screen; the returned function switches back (idempotent). */
export function enterAltScreen(out: NodeJS.WriteStream): () => void {
  out.write(ENTER);
  let left = false;
  const leave = () => {
    if (left) return;
    left = true;
    process.off('exit', leave);
    out.write(LEAVE);
  };
  // Last resort: even an uncaught exception runs 'exit' handlers.
  process.on('exit', leave);
  return leave;
}
