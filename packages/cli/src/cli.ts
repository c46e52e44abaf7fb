import { runLint } from './lint';
import { startCli } from './process';

/** `campaign-lint`: the name `campaign lint` had first, kept for the scripts and CI jobs that use it. */
startCli('campaign-lint', (argv, io) => runLint(argv, io, 'campaign-lint'));
