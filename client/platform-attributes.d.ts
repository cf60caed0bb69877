import 'react';

// Attributes of the platform's invoker buttons that React passes through as written. Lower case,
// as React wants custom attributes. (`popoverTarget` React 19 knows, and warns about the lower-case
// name; its server rendering writes the name as spelled, which HTML reads without regard to case.)
declare module 'react' {
  interface ButtonHTMLAttributes<T> {
    /** The id of the element this button sends `command` to (invoker commands). */
    commandfor?: string;
    /** What the button asks of its `commandfor` element: `show-modal`, `close`, ... */
    command?: 'show-modal' | 'close' | 'request-close' | 'toggle-popover' | 'show-popover' | 'hide-popover';
  }
}
