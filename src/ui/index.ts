// The UI layer's public face: the app, its theme, and the alternate screen.
export {App, type AppProps} from './app/app.js';
export type {UiDriver} from './app/intents.js';
export {createTheme, noColorRequested, type Theme} from './theme.js';
export {enterAltScreen} from './alt-screen.js';
export {DIALOG_ARM_MS, type DialogArming} from './keys/dialog-arming.js';
