// Markdown answers as rows of styled segments (the UI's line model).
export {markdownLines, MarkdownStream, type MarkdownOptions} from './stream.js';
