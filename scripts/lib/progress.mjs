// What `npm start`'s long steps are doing, and how long each took: for a person watching a first,
// cold start of several minutes.

/**
 * What a long install is doing, from the lines of its log: on a terminal one line rewritten in
 * place, elsewhere a line each time it moves to another phase or fetches another 100 packages.
 */
export function installProgress(what, write = s => process.stdout.write(s), tty = process.stdout.isTTY) {
  const started = Date.now();
  let fetched = 0;
  let phase = 'downloading packages';
  const show = logged => {
    const text = `[env]   ${what}: ${phase}, ${fetched} packages fetched, ${((Date.now() - started) / 1000).toFixed(0)}s`;
    if (tty) write(`\r${text}\x1b[K`);
    else if (logged) write(`${text}\n`);
  };
  return {
    line(line) {
      const before = phase;
      const script = /^> (@?[^@\s]+)@\S+ (preinstall|install|postinstall)$/.exec(line.trim());
      if (/^npm http (fetch GET 200|cache) /.test(line)) fetched++;
      else if (script) phase = `running the ${script[2]} script of ${script[1]}`;
      show(phase !== before || fetched % 100 === 1);
    },
    done() {
      if (tty) write('\n');
    },
  };
}

/**
 * Numbered steps, each said when it starts and again with the time it took when it ends
 * ("step 3 of 5: …", "step 3 of 5 done in 12.3s: …"). Returns the function that runs one.
 */
export function numberedSteps(total, say) {
  let n = 0;
  return async (what, run) => {
    const at = ++n;
    const started = Date.now();
    say(`step ${at} of ${total}: ${what}`);
    const result = await run();
    say(`step ${at} of ${total} done in ${((Date.now() - started) / 1000).toFixed(1)}s: ${what}`);
    return result;
  };
}
