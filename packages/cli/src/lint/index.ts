export { runLint } from './run';
export { firstInvalidUtf8, decode } from './utf8';
