import { AddressRefusedError, refusedAddressReason, resolvePermittedAddresses } from './address-policy';

describe('the webhook address policy', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.20.0.1', 'private'],
    ['192.168.1.10', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fd12:3456::1', 'private (unique local)'],
    ['fe80::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
  ])('refuses %s as %s', (address, reason) => {
    expect(refusedAddressReason(address)).toBe(reason);
  });

  it.each(['93.184.215.14', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('lets the public address %s through', (address) => {
    expect(refusedAddressReason(address)).toBeNull();
  });

  it('refuses a host whose name resolves to loopback unless local endpoints are allowed', async () => {
    await expect(resolvePermittedAddresses('localhost', false)).rejects.toMatchObject({ rule: 'public-address' });
    await expect(resolvePermittedAddresses('[::1]', false)).rejects.toBeInstanceOf(AddressRefusedError);
    await expect(resolvePermittedAddresses('127.0.0.1', true)).resolves.toEqual([{ address: '127.0.0.1', family: 4 }]);
  });

  it('refuses a host that does not resolve', async () => {
    await expect(resolvePermittedAddresses('no-such-host.invalid', false)).rejects.toMatchObject({ rule: 'resolvable-host' });
  });
});
