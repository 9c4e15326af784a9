// A local EVM chain for payment tests: Hardhat 3's EDR simulator in this process, served over
// HTTP JSON-RPC on a loopback port (the service settles through an RPC URL, as in production),
// with TestUSDC (EIP-3009, 6 decimals, EIP-712 domain "USD Coin"/"2") deployed and minted.
import { readFileSync } from 'node:fs';
import { createPublicClient, createWalletClient, http, type Address, type Hex } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';

const artifact = JSON.parse(readFileSync(new URL('./contracts/TestUSDC.json', import.meta.url), 'utf8')) as { abi: readonly unknown[]; bytecode: Hex };
export const testUsdcAbi = artifact.abi;

/** Hardhat's default accounts (public test mnemonic): funded with ETH on every EDR chain. */
export const KEYS = {
  deployer: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  facilitator: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  payer: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  payer2: '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
  merchant: '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
} as const satisfies Record<string, Hex>;

export interface TestChain {
  rpcUrl: string;
  chainId: number;
  network: `eip155:${number}`;
  usdc: Address;
  accounts: Record<keyof typeof KEYS, PrivateKeyAccount>;
  balanceOf(address: Address): Promise<bigint>;
  mint(to: Address, amount: bigint): Promise<void>;
  close(): Promise<void>;
}

export async function startChain(): Promise<TestChain> {
  const hre = (await import('hardhat')).default;
  const server = await hre.network.createServer({ network: 'default' }, '127.0.0.1', 0);
  const { address, port } = await server.listen();
  const rpcUrl = `http://${address}:${port}`;
  const transport = http(rpcUrl, { retryCount: 0 });
  const publicClient = createPublicClient({ chain: hardhat, transport });
  const accounts = Object.fromEntries(Object.entries(KEYS).map(([k, key]) => [k, privateKeyToAccount(key)])) as TestChain['accounts'];
  const deployer = createWalletClient({ account: accounts.deployer, chain: hardhat, transport });

  const hash = await deployer.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (!receipt.contractAddress) throw new Error('TestUSDC deployment failed');
  const usdc = receipt.contractAddress;

  // One deployer transaction at a time: concurrent sends would race for the same nonce.
  let queue: Promise<unknown> = Promise.resolve();
  const mint = (to: Address, amount: bigint) => {
    const run = queue.then(async () => {
      const tx = await deployer.writeContract({ address: usdc, abi: artifact.abi, functionName: 'mint', args: [to, amount] });
      await publicClient.waitForTransactionReceipt({ hash: tx });
    });
    queue = run.catch(() => undefined);
    return run;
  };
  return {
    rpcUrl,
    chainId: hardhat.id,
    network: `eip155:${hardhat.id}`,
    usdc,
    accounts,
    mint,
    balanceOf: async (who) => (await publicClient.readContract({ address: usdc, abi: artifact.abi, functionName: 'balanceOf', args: [who] })) as bigint,
    close: () => server.close(),
  };
}
