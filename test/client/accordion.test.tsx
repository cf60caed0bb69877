import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Accordion, type AccordionItem } from '../../client/components/accordion';
import { renderPl } from './render';

const ITEMS: AccordionItem[] = [
  { id: 'when', question: 'Kiedy?', answer: '25 października' },
  { id: 'ticket', question: 'Jaki bilet?', answer: 'Jednodniowy' },
  { id: 'bring', question: 'Co zabrać?', answer: 'Laptop' },
];

const items = () => [...document.querySelectorAll('details')];

// Opening and the single-open rule are the browser's (<details name>); the e2e tests click them.
describe('accordion', () => {
  it('renders every item closed as a native disclosure with its answer inside', () => {
    renderPl(<Accordion items={ITEMS} />);
    expect(items()).toHaveLength(3);
    for (const [index, details] of items().entries()) {
      expect(details.open).toBe(false);
      expect(details.querySelector('summary')?.textContent).toBe(ITEMS[index]?.question);
      expect(details.querySelector('.accordion__panel')?.textContent).toBe(ITEMS[index]?.answer);
    }
  });

  it('groups the items of one accordion by name, and two accordions apart', () => {
    renderPl(
      <>
        <Accordion items={ITEMS} />
        <Accordion items={ITEMS} />
      </>,
    );
    const names = items().map((details) => details.getAttribute('name'));
    expect(new Set(names.slice(0, 3)).size).toBe(1);
    expect(new Set(names.slice(3)).size).toBe(1);
    expect(names[0]).not.toBe(names[3]);
  });

  it('puts each question in a heading of the requested level', () => {
    renderPl(<Accordion items={ITEMS} headingLevel={2} />);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(
      ITEMS.map((item) => item.question),
    );
  });
});
