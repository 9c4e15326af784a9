// SSRF rules for callback_url (§6.1): public https only, checked against resolved addresses.
import { describe, expect, test } from 'vitest';
import { checkCallbackUrl, isPublicAddress, postCallback, signBody, CallbackUrlError } from '../../src/domain/callbacks.ts';
import { createHmac } from 'node:crypto';

const strict = { allowLoopback: false };

describe('isPublicAddress', () => {
  test.each([
    ['93.184.216.34', true],
    ['8.8.8.8', true],
    ['2606:4700:4700::1111', true],
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fd00::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:7f00:1', false],
    ['::ffff:93.184.216.34', true],
    ['64:ff9b::10.0.0.1', false],
    ['not-an-ip', false],
    // Every spelling of a non-public address: private, loopback, link-local, CGNAT, documentation,
    // benchmarking, multicast, reserved; and IPv6 that carries one (mapped, compatible, 6to4, NAT64).
    ['127.255.255.254', false],
    ['10.255.255.255', false],
    ['100.127.255.255', false],
    ['192.0.2.10', false],
    ['198.51.100.7', false],
    ['203.0.113.9', false],
    ['198.18.0.1', false],
    ['240.0.0.1', false],
    ['255.255.255.255', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:192.168.0.1', false],
    ['::ffff:169.254.169.254', false],
    ['::127.0.0.1', false],
    ['::7f00:1', false],
    ['::a00:1', false],
    ['2002:7f00:1::1', false],
    ['2002:a00:1::', false],
    ['2002:c0a8:101::1', false],
    ['64:ff9b::7f00:1', false],
    ['64:ff9b::a9fe:a9fe', false],
    ['64:ff9b:1::a00:1', false],
    ['2001::1', false],
    ['2001:db8::1', false],
    ['fec0::1', false],
    ['fc00::1', false],
    ['fe80::1%eth0', false],
    ['ff02::1', false],
    ['100::1', false],
    ['2002:5db8:d822::1', true],
    ['64:ff9b::5db8:d822', true],
    ['::ffff:8.8.8.8', true],
  ])('%s → %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('checkCallbackUrl', () => {
  test.each(['https://[::127.0.0.1]/', 'https://[2002:7f00:1::1]/', 'https://[::ffff:7f00:1]/', 'https://[64:ff9b::7f00:1]/', 'https://0x7f000001/', 'https://2130706433/', 'https://127.1/'])(
    'refuses %s (a loopback address in another spelling)',
    async (raw) => {
      await expect(checkCallbackUrl(raw, strict)).rejects.toBeInstanceOf(CallbackUrlError);
    },
  );

  test('accepts a public https address', async () => {
    const { url } = await checkCallbackUrl('https://93.184.216.34/hooks', strict);
    expect(url.hostname).toBe('93.184.216.34');
  });

  test.each([
    ['http://93.184.216.34/hook', /https/],
    ['https://127.0.0.1/hook', /public/],
    ['https://localhost/hook', /public/],
    ['https://[::1]/hook', /public/],
    ['https://[::ffff:10.0.0.1]/hook', /public/],
    ['https://10.0.0.5/hook', /public/],
    ['https://169.254.169.254/latest/meta-data', /public/],
    ['https://user:pw@93.184.216.34/', /credentials/],
    ['ftp://93.184.216.34/', /https/],
    ['not a url', /valid URL/],
    ['https://no-such-host.invalid/', /resolve/],
  ])('rejects %s', async (raw, message) => {
    await expect(checkCallbackUrl(raw, strict)).rejects.toThrow(message);
  });

  test('the loopback test switch allows http only to loopback', async () => {
    await expect(checkCallbackUrl('http://127.0.0.1:9/hook', { allowLoopback: true })).resolves.toBeTruthy();
    await expect(checkCallbackUrl('http://10.0.0.1/hook', { allowLoopback: true })).rejects.toThrow(CallbackUrlError);
  });

  test('delivery checks the address again (a name that now resolves to loopback is refused)', async () => {
    await expect(postCallback('https://localhost:1/hook', '{}', 'secret', strict, 1000)).rejects.toThrow(CallbackUrlError);
  });
});

test('signBody is sha256= and the hex HMAC of the raw body', () => {
  const body = '{"event":"form.ready"}';
  expect(signBody(body, 'k')).toBe(`sha256=${createHmac('sha256', 'k').update(body).digest('hex')}`);
});
