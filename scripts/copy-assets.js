// Content packs are data read at run time, and the leaderboard page is files a
// browser loads; the build carries both beside the code.
const { cpSync, rmSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const target = path.join(root, 'dist', 'libs', 'content', 'packs');
rmSync(target, { recursive: true, force: true });
cpSync(path.join(root, 'libs', 'content', 'packs'), target, { recursive: true });

// The leaderboard page's HTML and stylesheet go beside its compiled scripts, where the gateway serves them.
cpSync(path.join(root, 'web', 'leaderboard', 'public'), path.join(root, 'dist', 'web', 'leaderboard'), { recursive: true });
