// Compiles TestUSDC.sol with solc-js into TestUSDC.json (ABI + bytecode), committed next to it so
// tests never pay the ~7 s compile. Run again only after editing the contract:
//   node test/helpers/contracts/compile.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const solc = require('solc');
const here = dirname(fileURLToPath(import.meta.url));
const ozRoot = dirname(require.resolve('@openzeppelin/contracts/package.json'));

const input = {
  language: 'Solidity',
  sources: { 'TestUSDC.sol': { content: readFileSync(join(here, 'TestUSDC.sol'), 'utf8') } },
  settings: {
    optimizer: { enabled: true, runs: 200 },
    evmVersion: 'cancun',
    outputSelection: { '*': { TestUSDC: ['abi', 'evm.bytecode.object'] } },
  },
};
const findImports = (path) => {
  const prefix = '@openzeppelin/contracts/';
  if (!path.startsWith(prefix)) return { error: `not found: ${path}` };
  return { contents: readFileSync(join(ozRoot, path.slice(prefix.length)), 'utf8') };
};
const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports }));
const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
if (errors.length) {
  for (const e of errors) console.error(e.formattedMessage);
  process.exit(1);
}
const contract = output.contracts['TestUSDC.sol'].TestUSDC;
const artifact = {
  contractName: 'TestUSDC',
  compiler: `solc-js ${solc.version()}`,
  abi: contract.abi,
  bytecode: `0x${contract.evm.bytecode.object}`,
};
writeFileSync(join(here, 'TestUSDC.json'), JSON.stringify(artifact, null, 2) + '\n');
console.log(`TestUSDC.json written (${contract.evm.bytecode.object.length / 2} bytes of bytecode)`);
