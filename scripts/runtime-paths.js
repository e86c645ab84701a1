// Resolves the @scriptbook/* imports of the compiled code to dist/, using the
// same path map as tsconfig.json. Loaded with `node -r` by every entrypoint.
const path = require('node:path');
const tsconfigPaths = require('tsconfig-paths');
const { compilerOptions } = require('../tsconfig.json');

tsconfigPaths.register({ baseUrl: path.resolve(__dirname, '..', 'dist'), paths: compilerOptions.paths });
