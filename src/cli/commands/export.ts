// `breakerbox export ID [file]` (or `--export ID [file]`): a saved session as markdown. ID is a
// session id, a unique prefix of one, or `latest`; the file defaults to a
// timestamped one in the current directory, and `-` writes to stdout.
import {exportMarkdown} from '../../sessions/export-markdown.js';
import {ExportError, writeExport} from '../../sessions/export-file.js';
import {readSession, SessionError} from '../../sessions/load.js';
import {transcriptFromRecords} from '../../sessions/transcript-records.js';
import type {CliIo} from './io.js';

/** The part of the CLI's io the command uses. */
export type ExportIo = Pick<CliIo, 'env' | 'cwd' | 'stdout' | 'stderr'>;

/** Runs the export; resolves to the exit code (2 for a missing session or a file that exists). */
export async function run(argv: string[], io: ExportIo, now: Date = new Date()): Promise<number> {
  const [id, file, extra] = argv;
  if (!id || extra !== undefined) {
    io.stderr.write('breakerbox: usage: breakerbox export ID [file]   (ID from breakerbox --sessions, or "latest"; file "-" is stdout)\n');
    return 2;
  }
  try {
    const session = readSession(id, io.env);
    for (const w of session.warnings) io.stderr.write(`• warning: session ${session.meta.id}: ${w}\n`);
    const markdown = exportMarkdown(transcriptFromRecords(session.records), {
      session: session.meta.id,
      startedAt: session.meta.startedAt,
      model: session.meta.model,
      cwd: session.meta.cwd,
      exportedAt: now.toISOString(),
    });
    if (file === '-') {
      io.stdout.write(markdown);
      return 0;
    }
    const path = writeExport(markdown, {file, cwd: io.cwd, now});
    io.stdout.write(`${path}\n`);
    return 0;
  } catch (err) {
    if (err instanceof SessionError || err instanceof ExportError) {
      io.stderr.write(`breakerbox: ${err.message}\n`);
      return 2;
    }
    throw err;
  }
}
