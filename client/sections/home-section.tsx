import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type home from '../../locales/pl/home.json';
import { Section } from '../components/section';

/** The parts of the home catalogue that head a section: each has its eyebrow and title. */
type HomePart = {
  [K in keyof typeof home]: (typeof home)[K] extends { eyebrow: string; title: string } ? K : never;
}[keyof typeof home];

/**
 * A home page section: its eyebrow and title are its part's in the home catalogue (`<part>.eyebrow`,
 * `<part>.title`); the lead is given, as some leads take figures.
 */
export function HomeSection({
  part,
  id = part,
  lead,
  tone,
  children,
}: {
  part: HomePart;
  id?: string;
  lead?: string;
  tone?: 'white' | 'dark';
  children: ReactNode;
}) {
  const { t } = useTranslation('home');
  return (
    <Section id={id} eyebrow={t(`${part}.eyebrow`)} title={t(`${part}.title`)} lead={lead} tone={tone}>
      {children}
    </Section>
  );
}
