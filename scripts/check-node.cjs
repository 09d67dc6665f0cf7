// Runs before `npm install` and the scripts that need Node's type stripping (see package.json's pre-scripts), and
// says in one line what is needed. Written in plain
// CommonJS with nothing newer than Node 0.12 would read, so an old Node prints this instead of
// "bad option: --experimental-strip-types".
'use strict';
var REQUIRED = [22, 13];
var parts = process.versions.node.split('.').map(Number);
var ok = parts[0] > REQUIRED[0] || (parts[0] === REQUIRED[0] && parts[1] >= REQUIRED[1]);
if (!ok) {
  process.stderr.write(
    'A2A Wallet needs Node ' +
      REQUIRED.join('.') +
      ' or newer; this is ' +
      process.versions.node +
      '. With nvm: `nvm install` (it reads .nvmrc); otherwise the current LTS from https://nodejs.org/.\n',
  );
  process.exit(1);
}
