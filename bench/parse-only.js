// The floor `campaign lint` is measured against: find the same files, read each and JSON.parse it,
// nothing else. Plain Node, no build step, so it pays only for what it does.
const fs = require('fs');
const path = require('path');

function walk(dir, out) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (/\.(campaign|search)\.json$/.test(e.name)) out.push(p);
  }
  return out;
}

let parsed = 0;
let broken = 0;
for (const file of walk(process.argv[2], [])) {
  try {
    JSON.parse(fs.readFileSync(file, 'utf8'));
    parsed++;
  } catch {
    broken++;
  }
}
console.log(`${parsed} parsed, ${broken} not JSON`);
