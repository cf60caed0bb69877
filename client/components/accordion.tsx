import { type ReactNode, useId, useState } from 'react';

export type AccordionItem = { id: string; question: string; answer: ReactNode };

/**
 * A single-open accordion: opening an item closes the other; the open item can be closed again.
 * Buttons carry aria-expanded and aria-controls; panels are regions labelled by their button.
 */
export function Accordion({ items, headingLevel = 3 }: { items: AccordionItem[]; headingLevel?: 2 | 3 | 4 }) {
  const [open, setOpen] = useState<string | null>(null);
  const base = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="accordion">
      {items.map((item) => {
        const expanded = open === item.id;
        const buttonId = `${base}-${item.id}-button`;
        const panelId = `${base}-${item.id}-panel`;
        return (
          <div key={item.id} className="accordion__item">
            <Heading className="accordion__heading">
              <button
                type="button"
                id={buttonId}
                className="accordion__button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : item.id)}
              >
                <span>{item.question}</span>
                <svg className="accordion__icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
                  <path d="M5 8l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
                </svg>
              </button>
            </Heading>
            <section id={panelId} aria-labelledby={buttonId} className="accordion__panel" hidden={!expanded}>
              {item.answer}
            </section>
          </div>
        );
      })}
    </div>
  );
}
