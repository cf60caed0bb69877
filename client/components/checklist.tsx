/** A list ticked off item by item (the stylesheet draws the ticks); each item one distinct sentence, so it keys itself. */
export function Checklist({ className, items }: { className?: string; items: readonly string[] }) {
  return (
    <ul className={className ? `checklist ${className}` : 'checklist'}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}
