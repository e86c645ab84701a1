// Content packs are data read at run time; the build carries them beside the code.
const { cpSync, rmSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const target = path.join(root, 'dist', 'libs', 'content', 'packs');
rmSync(target, { recursive: true, force: true });
cpSync(path.join(root, 'libs', 'content', 'packs'), target, { recursive: true });
