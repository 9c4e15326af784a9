// Account and key management for operators (account holders use the dashboard at /dashboard):
//   npm run account -- create NAME | list | keys ACCOUNT_ID | disable KEY_ID | enable KEY_ID
//                      revoke KEY_ID | rotate KEY_ID | signing ACCOUNT_ID on|off | retention ACCOUNT_ID keep|ephemeral
import { loadConfig } from '../config.ts';
import { openDatabase } from '../store/db.ts';
import { createAccount, rotateKey, setCallbackSigning, setKeyStatus, setRetentionDefault, KeyStateError } from '../store/accounts.ts';
import { DatabaseInUseError } from '../store/embedded-lock.ts';

const HELP = `Usage: npm run account -- <command>
  create NAME                      new account and its first key (printed once)
  list                             accounts
  keys ACCOUNT_ID                  an account's keys (prefix, status)
  disable KEY_ID | enable KEY_ID   reversible
  revoke KEY_ID                    permanent
  rotate KEY_ID                    new key for the same account; revoke the old one when traffic has moved
  signing ACCOUNT_ID on|off        callback signatures (a new secret is made when turned on)
  retention ACCOUNT_ID keep|ephemeral`;

const [command, ...args] = process.argv.slice(2);
// On the embedded database this refuses while a server holds it (store/embedded-lock.ts).
const db = await openDatabase(loadConfig()).catch((err) => {
  if (!(err instanceof DatabaseInUseError)) throw err;
  console.error(err.message);
  process.exit(3);
});
const prisma = db.prisma;
let code = 0;
try {
  switch (command) {
    case 'create': {
      const { account, key } = await createAccount(prisma, args.join(' ') || 'account');
      console.log(`account ${account.id}\nkey     ${key}   (shown once)\ncallback signing secret ${account.callbackSecret}`);
      break;
    }
    case 'list':
      for (const a of await prisma.account.findMany({ orderBy: { createdAt: 'asc' } })) {
        console.log(`${a.id}  ${a.name}  retention=${a.retentionDefault}  signing=${a.callbackSecret ? 'on' : 'off'}`);
      }
      break;
    case 'keys':
      for (const k of await prisma.apiKey.findMany({ where: { accountId: args[0] }, orderBy: { createdAt: 'asc' } })) {
        console.log(`${k.id}  ${k.prefix}…  ${k.status}  created ${k.createdAt.toISOString()}`);
      }
      break;
    case 'disable':
    case 'enable':
    case 'revoke': {
      const status = command === 'enable' ? 'active' : command === 'disable' ? 'disabled' : 'revoked';
      const k = await setKeyStatus(prisma, args[0], status);
      console.log(`${k.id} is now ${k.status}`);
      break;
    }
    case 'rotate': {
      const { key, row } = await rotateKey(prisma, args[0]);
      console.log(`new key ${row.id}: ${key}   (shown once)\nThe old key stays active until you revoke it: npm run account -- revoke ${args[0]}`);
      break;
    }
    case 'signing': {
      const a = await setCallbackSigning(prisma, args[0], args[1] === 'on');
      console.log(a.callbackSecret ? `signing on; secret ${a.callbackSecret}` : 'signing off');
      break;
    }
    case 'retention': {
      if (args[1] !== 'keep' && args[1] !== 'ephemeral') throw new KeyStateError('retention is keep or ephemeral');
      await setRetentionDefault(prisma, args[0], args[1]);
      console.log(`retention default ${args[1]}`);
      break;
    }
    default:
      console.log(HELP);
      code = command && command !== 'help' ? 2 : 0;
  }
} catch (err) {
  console.error(err instanceof KeyStateError ? err.message : err);
  code = 1;
} finally {
  await db.close();
}
process.exit(code);
