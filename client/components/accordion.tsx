import { type ReactNode, useId } from 'react';

export type AccordionItem = { id: string; question: string; answer: ReactNode };

/**
 * A single-open accordion of native `<details name>` elements: the browser opens one item at a
 * time and answers a tap without any script (none is loaded for it; it works with script
 * blocked), lets find-in-page reveal a closed answer, and shows every answer where `<details>` is
 * not supported.
 */
export function Accordion({ items, headingLevel = 3 }: { items: AccordionItem[]; headingLevel?: 2 | 3 | 4 }) {
  const group = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="accordion">
      {items.map((item) => (
        <details key={item.id} name={group} className="accordion__item">
          <summary className="accordion__button">
            <Heading className="accordion__heading">{item.question}</Heading>
            <svg className="accordion__icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
              <path d="M5 8l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
          </summary>
          <div className="accordion__panel">{item.answer}</div>
        </details>
      ))}
    </div>
  );
}
