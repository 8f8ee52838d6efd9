/** A one-line progress bar on stderr (a line per 10% when stderr is not a terminal). */
export function progressBar(label, total) {
  const started = performance.now();
  const tty = process.stderr.isTTY;
  let done = 0;
  let lastDecile = -1;
  const render = (note = '') => {
    const ratio = total ? Math.min(1, done / total) : 1;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const width = 30;
    const filled = Math.round(ratio * width);
    const bar = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${(ratio * 100).toFixed(0).padStart(3)}% ${done.toLocaleString('en')}/${total.toLocaleString('en')} ${seconds} s`;
    if (tty) process.stderr.write(`\r${label} ${bar}${note ? ` ${note}` : ''}\x1b[K`);
    else {
      const decile = Math.floor(ratio * 10);
      if (decile !== lastDecile) {
        lastDecile = decile;
        process.stderr.write(`${label} ${bar}\n`);
      }
    }
  };
  render();
  return {
    tick(n = 1, note = '') {
      done += n;
      render(note);
    },
    done() {
      done = total;
      render();
      if (tty) process.stderr.write('\n');
      return (performance.now() - started) / 1000;
    },
  };
}
