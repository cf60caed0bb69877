import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { avatars } from '../../client/boot';
import { Avatar, initials } from '../../client/components/avatar';
import { drawing } from '../../client/lib/images';

const NAME = 'Ewa Lisowska';
const SRC = '/images/speakers/ewa-lisowska.jpg';
const ALT = 'Abstrakcyjny portret: Ewa Lisowska';

/** What the browser reports about the image when the page script starts. */
function imageStatus(status: { complete: boolean; naturalWidth: number }) {
  vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(status.complete);
  vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(status.naturalWidth);
}

const stateOf = (container: HTMLElement) => container.querySelector<HTMLElement>('.avatar')?.dataset.state;
const initialsShown = (container: HTMLElement) => stateOf(container) !== 'loaded' && !!screen.queryByText('EL');

/** The prerendered avatar with the page script (client/boot.ts `avatars`) running on it. */
function renderWithScript(ui: ReactNode) {
  const rendered = render(ui);
  avatars(document);
  return rendered;
}

/** The avatar is in `state`, showing the initials and no image at all. */
function expectInitialsOnly(container: HTMLElement, state: string) {
  expect(stateOf(container)).toBe(state);
  expect(screen.getByText('EL')).toBeTruthy();
  expect(screen.queryByRole('img')).toBeNull();
}

/** The portrait's avatar with the page script run on it, the browser reporting its image as `status`. */
function renderPortrait(status: Parameters<typeof imageStatus>[0]) {
  imageStatus(status);
  return renderWithScript(<Avatar name={NAME} src={SRC} alt={ALT} />).container;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('Avatar', () => {
  it("puts a drawing of the site's own into the page: named by its alt, no load, nothing left to the page script", () => {
    const svg = drawing('speaker-ewa-lisowska.svg') ?? '';
    expect(svg).toMatch(/^<svg /);
    const { container } = renderWithScript(<Avatar name={NAME} src="speaker-ewa-lisowska.svg" svg={svg} alt={ALT} />);
    expect(stateOf(container)).toBe('loaded');
    const image = screen.getByRole('img', { name: ALT });
    expect(image.querySelector('svg')).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.queryByText('EL')).toBeNull();
  });

  it('is idle in the prerendered HTML: initials shown, the image already requested', () => {
    const html = renderToString(<Avatar name={NAME} src={SRC} alt={ALT} />);
    expect(html).toContain('data-state="idle"');
    expect(html).toContain('>EL</span>');
    expect(html).toMatch(/<img[^>]+src="\/images\/speakers\/ewa-lisowska\.jpg"/);
    expect(html).toMatch(/<img[^>]+width="160"[^>]+height="160"/);
  });

  it('stays idle with initials when there is no image', () => {
    const { container } = renderWithScript(<Avatar name={NAME} alt={ALT} />);
    expectInitialsOnly(container, 'idle');
  });

  it('is loading while the image is on its way, and shows the initials meanwhile', () => {
    const container = renderPortrait({ complete: false, naturalWidth: 0 });
    expect(stateOf(container)).toBe('loading');
    expect(screen.getByText('EL')).toBeTruthy();
    expect(screen.getByRole('img', { name: ALT })).toBeTruthy();
  });

  it('is loaded after the image fires load: the initials give way to the portrait', () => {
    const container = renderPortrait({ complete: false, naturalWidth: 0 });
    fireEvent.load(screen.getByRole('img', { name: ALT }));
    expect(stateOf(container)).toBe('loaded');
    // The stylesheet hides the initials under a loaded portrait.
    expect(initialsShown(container)).toBe(false);
    expect(screen.getByRole('img', { name: ALT })).toBeTruthy();
  });

  it('is in error after the image fires error: the broken image goes, the initials stay', () => {
    const container = renderPortrait({ complete: false, naturalWidth: 0 });
    fireEvent.error(screen.getByRole('img', { name: ALT }));
    expectInitialsOnly(container, 'error');
  });

  it('is loaded at once when the image finished before the page script ran', () => {
    const container = renderPortrait({ complete: true, naturalWidth: 160 });
    expect(stateOf(container)).toBe('loaded');
    expect(initialsShown(container)).toBe(false);
  });

  it('is in error at once when the image failed before the page script ran', () => {
    const container = renderPortrait({ complete: true, naturalWidth: 0 });
    expectInitialsOnly(container, 'error');
  });
});

describe('initials', () => {
  it.each([
    ['Ewa Lisowska', 'EL'],
    ['  julia   nowicka ', 'JN'],
    ['Anna Maria Nowak-Kowalska', 'AN'],
    ['Cher', 'C'],
    ['Łucja Żak', 'ŁŻ'],
  ])('of %j is %s', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});

describe("the site's drawings (client/images/)", () => {
  const files = import.meta.glob<string>('../../client/images/*.svg', {
    eager: true,
    import: 'default',
    query: '?raw',
  });

  it('use ids no other drawing uses, so that any of them can share a page', () => {
    const ids = Object.values(files).flatMap((svg) => [...svg.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("are small enough to go into the page (under Vite's 4 KB inline limit)", () => {
    for (const [file, svg] of Object.entries(files)) expect(svg.length, file).toBeLessThan(4096);
  });
});
