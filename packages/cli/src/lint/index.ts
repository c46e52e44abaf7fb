export { runLint, firstInvalidUtf8, decode } from './lint';
