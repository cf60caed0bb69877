import { describe, expect, it } from 'vitest';
import { decideOffline, doorHash, type OfflineList } from '../../client/admin/door/decide';

// The offline door decides by the rules the box office decides by online (worker/box-office/check-in.ts):
// the ticket on the list, inside its time window, once per list unless the list allows re-entry.

const TYPED = 'ABCD2345K7QM9XA0B4DT';

async function list(rules: Partial<OfflineList> = {}): Promise<OfflineList> {
  return {
    list: 'workshop-promptLab',
    reentry: false,
    workshopId: 'promptLab',
    opensAt: null,
    closesAt: null,
    version: 1,
    takenAt: '2026-11-27T08:00:00.000Z',
    publicKey: '',
    products: [],
    tickets: [
      {
        own: await doorHash('own', 'ABCD2345'),
        typed: await doorHash('typed', TYPED),
        name: 'Ada',
        product: 'onsite-pro',
      },
    ],
    revoked: [],
    ...rules,
  };
}

const never = async () => undefined;
const before = async () => '2026-11-27T09:00:00.000Z';

describe('an offline door', () => {
  it('admits a ticket on its list once, then says when it was admitted', async () => {
    expect(await decideOffline(await list(), 'abcd-2345-k7qm-9xa0-b4dt', never)).toMatchObject({
      kind: 'admitted',
      name: 'Ada',
    });
    expect(await decideOffline(await list(), TYPED, before)).toEqual({
      kind: 'already',
      at: '2026-11-27T09:00:00.000Z',
    });
  });

  it('admits again at a list with re-entry', async () => {
    expect((await decideOffline(await list({ reentry: true }), TYPED, before)).kind).toBe('admitted');
  });

  it("refuses before the list opens and once it has closed, by the device's clock", async () => {
    const window = await list({ opensAt: '2026-11-27T10:00:00.000Z', closesAt: '2026-11-27T12:00:00.000Z' });
    expect((await decideOffline(window, TYPED, never, Date.parse('2026-11-27T09:59:00Z'))).kind).toBe('not_open');
    expect((await decideOffline(window, TYPED, never, Date.parse('2026-11-27T11:00:00Z'))).kind).toBe('admitted');
    expect((await decideOffline(window, TYPED, never, Date.parse('2026-11-27T12:00:00Z'))).kind).toBe('closed');
  });

  it('cannot decide a typed code its list does not hold (a ticket without a seat in this room)', async () => {
    expect((await decideOffline(await list(), 'ZZZZ2345K7QM9XA0B4DT', never)).kind).toBe('unknown');
  });
});
