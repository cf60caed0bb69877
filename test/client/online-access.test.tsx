import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OnlineAccess } from '../../client/components/online-access';
import { joinHref, joinLinks, type OnlineAccessView } from '../../site/access';
import { EVENT_ENDS, EVENT_STARTS, type ProductId } from '../../site/tickets';
import { renderIn } from './render-delivery';

const ID = '01JABCDEFGHJKMNPQRSTVWXYZ0';
const K = 'secret-of-this-ticket';

/** A view as the worker answers it (worker/online/view.ts) for a product at an instant. */
function viewOf(product: ProductId, now: number, recordingHref: string | null = null): OnlineAccessView {
  return {
    ...joinLinks({ id: ID, product }, K, now),
    recordings: [
      {
        id: 'aiStrategy',
        title: 'Strategia AI',
        track: 'business',
        start: '10:00',
        end: '11:00',
        href: recordingHref,
        materials: [{ id: 7, title: 'Slajdy', kind: 'file', href: `/join/${ID}/materials/7?k=${K}` }],
      },
    ],
    workshops:
      product === 'online-premium'
        ? [
            {
              id: 'promptLab',
              title: 'Prompt Lab',
              liveHref: joinHref(ID, K, 'workshop:promptLab'),
              recordingHref: null,
              materials: [],
            },
          ]
        : [],
    extras: product === 'online-premium' ? [{ kind: 'networking', href: joinHref(ID, K, 'extra:networking') }] : [],
  };
}

const DURING = Date.parse(EVENT_STARTS) + 60 * 60 * 1000;
const AFTER = Date.parse(EVENT_ENDS) + 24 * 60 * 60 * 1000;

describe('OnlineAccess', () => {
  it('during the event offers the join link, one per track, the workshop’s stream and the open networking link', () => {
    renderIn('pl', <OnlineAccess view={viewOf('online-premium', DURING)} />);
    expect(screen.getByRole('link', { name: 'Dołącz do transmisji' }).getAttribute('href')).toBe(`/join/${ID}?k=${K}`);
    expect(screen.getByRole('link', { name: 'Oglądaj: Technologia i wdrożenia' }).getAttribute('href')).toBe(
      `/join/${ID}?k=${K}&to=track%3Atechnology`,
    );
    expect(screen.getByRole('link', { name: 'Transmisja warsztatu: Prompt Lab' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Otwórz: Networking 1:1 w aplikacji kongresu' })).toBeTruthy();
    const stream = screen.getByRole('heading', { name: 'Transmisja na żywo' }).closest('li') as HTMLElement;
    expect(within(stream).getByText(/^Dostępne teraz, do 23 października 2027/)).toBeTruthy();
    expect(within(stream).getByText(/23 października 2027, 10:00–21:00: obie ścieżki/)).toBeTruthy();
    const recordings = screen.getByRole('heading', { name: 'Nagrania' }).closest('li') as HTMLElement;
    expect(within(recordings).getByText(/^Od 23 października 2027 21:00/)).toBeTruthy();
    // Recordings are listed once they open, not before.
    expect(screen.queryByRole('heading', { name: 'Nagrania i materiały' })).toBeNull();
  });

  it('after the event lists the recordings with their materials, and no join button', () => {
    renderIn('en-US', <OnlineAccess view={viewOf('online-standard', AFTER, joinHref(ID, K, 'session:aiStrategy'))} />);
    expect(screen.queryByRole('link', { name: 'Join the stream' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Recording: Strategia AI' })).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Materials: Strategia AI' })).getByRole('link', { name: 'Slajdy' }),
    ).toBeTruthy();
    const stream = screen.getByRole('heading', { name: 'Live stream' }).closest('li') as HTMLElement;
    expect(within(stream).getByText(/^Ended October 23, 2027(,| at) 9:00\s?PM$/)).toBeTruthy();
    expect(within(stream).getByText(/10:00\s?AM–9:00\s?PM/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Online workshops' })).toBeNull();
  });

  it('says of a recording not yet set that it comes soon', () => {
    renderIn('de', <OnlineAccess view={viewOf('online-standard', AFTER)} />);
    expect(screen.getByText('Die Aufzeichnung erscheint hier kurz nach dem Vortrag.')).toBeTruthy();
  });
});
