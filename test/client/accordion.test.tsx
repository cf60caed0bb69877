import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Accordion, type AccordionItem } from '../../client/components/accordion';
import { renderPl } from './render';

const ITEMS: AccordionItem[] = [
  { id: 'when', question: 'Kiedy?', answer: '25 października' },
  { id: 'ticket', question: 'Jaki bilet?', answer: 'Jednodniowy' },
  { id: 'bring', question: 'Co zabrać?', answer: 'Laptop' },
];

const button = (name: string) => screen.getByRole('button', { name });
const expanded = (name: string) => button(name).getAttribute('aria-expanded');
/** The panel a button controls, found through aria-controls. */
const panelOf = (name: string) => {
  const id = button(name).getAttribute('aria-controls');
  const panel = id ? document.getElementById(id) : null;
  if (!panel) throw new Error(`no panel for ${name}`);
  return panel;
};

describe('accordion', () => {
  it('starts with every item closed', () => {
    renderPl(<Accordion items={ITEMS} />);
    for (const item of ITEMS) {
      expect(expanded(item.question)).toBe('false');
      expect(panelOf(item.question).hidden).toBe(true);
    }
  });

  it('opens the clicked item and shows its answer in the panel it controls', () => {
    renderPl(<Accordion items={ITEMS} />);
    fireEvent.click(button('Kiedy?'));
    expect(expanded('Kiedy?')).toBe('true');
    expect(panelOf('Kiedy?').hidden).toBe(false);
    expect(panelOf('Kiedy?').textContent).toBe('25 października');
    expect(screen.getByRole('region', { name: 'Kiedy?' })).toBe(panelOf('Kiedy?'));
  });

  it('keeps a single item open: opening another closes the first', () => {
    renderPl(<Accordion items={ITEMS} />);
    fireEvent.click(button('Kiedy?'));
    fireEvent.click(button('Co zabrać?'));
    expect(expanded('Co zabrać?')).toBe('true');
    expect(expanded('Kiedy?')).toBe('false');
    expect(panelOf('Kiedy?').hidden).toBe(true);
    expect(screen.getAllByRole('region')).toHaveLength(1);
  });

  it('collapses the open item when it is clicked again, leaving none open', () => {
    renderPl(<Accordion items={ITEMS} />);
    fireEvent.click(button('Kiedy?'));
    fireEvent.click(button('Jaki bilet?'));
    fireEvent.click(button('Jaki bilet?'));
    expect(expanded('Jaki bilet?')).toBe('false');
    expect(panelOf('Jaki bilet?').hidden).toBe(true);
    expect(expanded('Kiedy?')).toBe('false');
    expect(screen.queryAllByRole('region')).toHaveLength(0);
  });

  it('gives every panel its own id, also with two accordions on a page', () => {
    renderPl(
      <>
        <Accordion items={ITEMS} />
        <Accordion items={ITEMS} />
      </>,
    );
    const ids = screen.getAllByRole('button').map((b) => b.getAttribute('aria-controls'));
    expect(new Set(ids).size).toBe(ITEMS.length * 2);
    for (const id of ids) expect(document.getElementById(String(id))?.getAttribute('aria-labelledby')).toBeTruthy();
  });

  it('puts each question in a heading of the requested level', () => {
    renderPl(<Accordion items={ITEMS} headingLevel={2} />);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(
      ITEMS.map((item) => item.question),
    );
  });
});
