import 'react';

// Attributes of the platform's invoker buttons that React passes through as written. Lower case,
// as React wants custom attributes (it warns about `popoverTarget`, which it does not know).
declare module 'react' {
  interface ButtonHTMLAttributes<T> {
    /** The id of the popover this button toggles (Popover API). */
    popovertarget?: string;
    /** The id of the element this button sends `command` to (invoker commands). */
    commandfor?: string;
    /** What the button asks of its `commandfor` element: `show-modal`, `close`, ... */
    command?: 'show-modal' | 'close' | 'request-close' | 'toggle-popover' | 'show-popover' | 'hide-popover';
  }
}
