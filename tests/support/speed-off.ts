import path from 'node:path';

/** Where `npm run build:speed-off` writes the site built with every speed trick off (git-ignored). */
export const speedOffBuildDir = path.resolve(__dirname, '../../.speed-off/build');
