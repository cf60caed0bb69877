import { useEffect, useRef, useState } from 'react';
import { PORTRAIT_SIZE } from '../../site/speakers';

/** idle: nothing requested yet (server render, no image); loading; loaded; error. */
export type AvatarState = 'idle' | 'loading' | 'loaded' | 'error';

/** The initials of a name: first letter of the first and of the last word, upper-case. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toLocaleUpperCase();
}

/**
 * A round portrait that shows the person's initials until the image has loaded, and again if it
 * fails (the broken image is removed). Its size is set in events.css, equal to PORTRAIT_SIZE, since
 * the content security policy allows no inline styles. The state is exposed as `data-state` for styling.
 */
export function Avatar({ name, src, alt }: { name: string; src?: string; alt: string }) {
  const [state, setState] = useState<AvatarState>('idle');
  const image = useRef<HTMLImageElement>(null);

  useEffect(() => {
    if (!src) {
      setState('idle');
      return;
    }
    const element = image.current;
    // A prerendered image may have loaded or failed before hydration attached the handlers.
    if (element?.complete) setState(element.naturalWidth > 0 ? 'loaded' : 'error');
    else setState('loading');
  }, [src]);

  return (
    <span className="avatar" data-state={state}>
      {state !== 'loaded' && (
        <span className="avatar__initials" aria-hidden="true">
          {initials(name)}
        </span>
      )}
      {src && state !== 'error' && (
        <img
          key={src}
          ref={image}
          className="avatar__image"
          src={src}
          alt={alt}
          width={PORTRAIT_SIZE}
          height={PORTRAIT_SIZE}
          // Portraits sit in lists below a page's intro: each one loads when it comes near the screen,
          // after what the first screen needs.
          loading="lazy"
          fetchPriority="low"
          decoding="async"
          onLoad={() => setState('loaded')}
          onError={() => setState('error')}
        />
      )}
    </span>
  );
}
