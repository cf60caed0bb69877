import { PORTRAIT_SIZE } from '../../site/speakers';

/** idle: as prerendered (the image shows once it paints); loaded; error (the image is removed). */
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
 * fails (the page script, client/boot.ts `avatars`, sets `data-state` from the image's load and
 * error events and removes a broken image). Its size is set in events.css, equal to PORTRAIT_SIZE,
 * since the content security policy allows no inline styles.
 */
export function Avatar({ name, src, svg, alt }: { name: string; src?: string; svg?: string; alt: string }) {
  if (svg) {
    // Named once, by the element around it: the drawing's own title is left out and it is hidden.
    const drawn = svg.replace(/<title>[\s\S]*?<\/title>\s*/, '').replace(/^<svg /, '<svg aria-hidden="true" ');
    return (
      <span className="avatar" data-state="loaded">
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the site's own drawing (client/lib/images.ts) */}
        <span className="avatar__image" role="img" aria-label={alt} dangerouslySetInnerHTML={{ __html: drawn }} />
      </span>
    );
  }
  return (
    <span className="avatar" data-state="idle">
      <span className="avatar__initials" aria-hidden="true">
        {initials(name)}
      </span>
      {src && (
        <img
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
        />
      )}
    </span>
  );
}
