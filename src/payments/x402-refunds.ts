// An x402 payment cannot be undone: "exact" settles an EIP-3009 transfer to X402_PAY_TO. Money
// for work that finally failed after settlement (a fax that could not be delivered) goes back as
// a plain ERC-20 transfer of the same amount, from the refund wallet (X402_REFUND_PRIVATE_KEY)
// to the payer, on the chain of X402_RPC_URL.
import { createPublicClient, createWalletClient, defineChain, http, parseAbi } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { Config } from '../config.ts';
import type { Payment } from '../generated/prisma/client.ts';

const ERC20 = parseAbi(['function transfer(address to, uint256 value) returns (bool)']);

export class RefundWalletMissing extends Error {}

/**
 * Sends the refund transfer (unless `sent` names one already broadcast: a retry only waits for
 * it, so a timeout never refunds twice) and waits for its receipt; returns the transaction hash.
 */
export async function sendX402Refund(config: Config, payment: Payment, amount: number, sent: string | null, onSent: (hash: string) => Promise<void>): Promise<`0x${string}`> {
  if (!config.X402_REFUND_PRIVATE_KEY || !config.X402_RPC_URL || !payment.payer || !payment.network) {
    throw new RefundWalletMissing('x402 refunds need X402_REFUND_PRIVATE_KEY and X402_RPC_URL');
  }
  const account = privateKeyToAccount(config.X402_REFUND_PRIVATE_KEY as `0x${string}`);
  const chain = defineChain({
    id: Number(payment.network.split(':')[1]),
    name: payment.network,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [config.X402_RPC_URL] } },
  });
  const transport = http(config.X402_RPC_URL, { retryCount: 1 });
  const wallet = createWalletClient({ account, chain, transport });
  let hash = sent as `0x${string}` | null;
  if (!hash) {
    hash = await wallet.writeContract({ address: payment.currency as `0x${string}`, abi: ERC20, functionName: 'transfer', args: [payment.payer as `0x${string}`, BigInt(amount)] });
    await onSent(hash);
  }
  const receipt = await createPublicClient({ chain, transport }).waitForTransactionReceipt({ hash, timeout: 60_000 });
  if (receipt.status !== 'success') throw new Error(`refund transfer ${hash} reverted`);
  return hash;
}
