/**
 * Social proof that takes its content as props: partners' and exhibitors' logos, photos of past
 * editions. The content store (console-edited, published on the lists' day) feeds them; until it
 * has entries, each draws labelled illustrations in their place, never a grid of empty boxes.
 */

/** A logo as the content store will give it: a name, and its image once there is one. */
export type ProofLogo = { name: string; src?: string; href?: string };
/** A photo of a past edition: its image and what it shows. */
export type ProofPhoto = { src: string; alt: string };

/** Drawn marks of imaginary brands: a shape and a word-like bar, each a little different. */
const MARKS = [
  { shape: 'M14 8h20v20H14z', bars: [44, 30] },
  { shape: 'M24 6l12 22H12z', bars: [52, 24] },
  { shape: 'M24 4a14 14 0 1 0 0.01 0z', bars: [38, 34] },
  { shape: 'M10 18h28M24 4v28M14 8l20 20M34 8L14 28', bars: [48, 20] },
  { shape: 'M12 10h24v6H12zm0 10h24v6H12z', bars: [40, 28] },
  { shape: 'M24 4l14 8v12l-14 8-14-8V12z', bars: [56, 22] },
  { shape: 'M12 28V8l12 10L36 8v20', bars: [36, 30] },
  { shape: 'M24 6a12 12 0 1 1-0.01 0zM24 14a4 4 0 1 0 0.01 0z', bars: [46, 26] },
] as const;

function DrawnMark({ index }: { index: number }) {
  const mark = MARKS[index % MARKS.length] ?? MARKS[0];
  const round = mark.shape.includes('a') || index % 3 === 0;
  return (
    <svg className="proof__mark" viewBox="0 0 128 36" width="128" height="36" aria-hidden="true">
      <path
        d={mark.shape}
        fill={round ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <rect x="46" y="10" width={mark.bars[0]} height="7" rx="3.5" fill="currentColor" />
      <rect x="46" y="21" width={mark.bars[1]} height="5" rx="2.5" fill="currentColor" opacity="0.6" />
    </svg>
  );
}

/**
 * A wall of logos. With none yet, `placeholders` drawn marks stand in, captioned as an
 * illustration by `caption`.
 */
export function LogoWall({
  title,
  logos,
  placeholders,
  caption,
}: {
  title: string;
  logos: readonly ProofLogo[];
  placeholders: number;
  caption: string;
}) {
  const drawn = logos.length === 0;
  return (
    <figure className="proof">
      <h3 className="proof__title">{title}</h3>
      <ul className={`proof__logos${drawn ? ' proof__logos--drawn' : ''}`}>
        {drawn
          ? Array.from({ length: placeholders }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: drawn placeholders, identical but for their position
              <li key={index} className="proof__logo">
                <DrawnMark index={index} />
              </li>
            ))
          : logos.map((logo) => (
              <li key={logo.name} className="proof__logo">
                {logo.src ? (
                  <img src={logo.src} alt={logo.name} loading="lazy" width="128" height="36" />
                ) : (
                  <span className="proof__name">{logo.name}</span>
                )}
              </li>
            ))}
      </ul>
      {drawn && <figcaption className="proof__caption">{caption}</figcaption>}
    </figure>
  );
}

/**
 * The audience of a drawn scene: nine people in a row, every third in one of three shades, each
 * shade one path (a head and shoulders per person), which keeps the page's HTML small.
 */
function audience(kind: 'stage' | 'expo' | 'workshop', shade: number) {
  const y = kind === 'workshop' ? 150 : 140;
  return [shade, shade + 3, shade + 6]
    .map((i) => 20 + i * 32)
    .map((x) => `M${x - 9} ${y}a9 9 0 1 0 18 0a9 9 0 1 0-18 0M${x - 14} 180a14 16 0 0 1 28 0z`)
    .join('');
}

/** Drawn scenes of a congress day: a stage, an expo hall, a workshop. */
function DrawnScene({ kind }: { kind: 'stage' | 'expo' | 'workshop' }) {
  return (
    <svg className="proof__scene" viewBox="0 0 320 180" aria-hidden="true">
      <rect width="320" height="180" fill="currentColor" opacity="0.08" />
      {kind === 'stage' && (
        <>
          <path d="M40 20h240v80H40z" fill="currentColor" opacity="0.18" />
          <path d="M60 30h200v52H60z" fill="var(--accent)" opacity="0.75" />
          <path d="M70 66l30-22 24 14 34-26 40 30 22-12 30 16v6H70z" fill="#fff" opacity="0.5" />
          <path d="M0 112h320" stroke="currentColor" strokeWidth="2" opacity="0.3" />
          <path d="M150 84h20v28h-20z" fill="currentColor" opacity="0.6" />
        </>
      )}
      {kind === 'expo' && (
        <>
          {[16, 116, 216].map((x) => (
            <g key={x}>
              <path d={`M${x} 40h88v60h-88z`} fill="currentColor" opacity="0.16" />
              <path d={`M${x} 40h88v14h-88z`} fill="var(--accent)" opacity="0.8" />
              <path d={`M${x + 14} 70h60v30h-60z`} fill="currentColor" opacity="0.22" />
            </g>
          ))}
          <path d="M0 112h320" stroke="currentColor" strokeWidth="2" opacity="0.3" />
        </>
      )}
      {kind === 'workshop' && (
        <>
          <path d="M30 24h160v90H30z" fill="#fff" opacity="0.85" />
          <path d="M46 44h90M46 60h120M46 76h70" stroke="var(--accent)" strokeWidth="6" strokeLinecap="round" />
          <path d="M200 112h100v8H200zM212 120v40M288 120v40" stroke="currentColor" strokeWidth="4" opacity="0.45" />
          <circle cx="250" cy="70" r="14" fill="currentColor" opacity="0.55" />
          <path d="M226 112a24 24 0 0 1 48 0z" fill="currentColor" opacity="0.55" />
        </>
      )}
      {[0, 1, 2].map((shade) => (
        <path key={shade} fill="currentColor" opacity={0.35 + shade * 0.12} d={audience(kind, shade)} />
      ))}
    </svg>
  );
}

/**
 * Photos of past editions; with none yet, three drawn scenes, each named by `scenes` and the set
 * captioned as illustrations by `caption`.
 */
export function PastEditions({
  title,
  photos,
  scenes,
  caption,
}: {
  title: string;
  photos: readonly ProofPhoto[];
  scenes: { stage: string; expo: string; workshop: string };
  caption: string;
}) {
  return (
    <figure className="proof">
      <h3 className="proof__title">{title}</h3>
      <ul className="proof__photos">
        {photos.length > 0
          ? photos.map((photo) => (
              <li key={photo.src}>
                <img src={photo.src} alt={photo.alt} loading="lazy" width="320" height="180" />
              </li>
            ))
          : (['stage', 'expo', 'workshop'] as const).map((kind) => (
              <li key={kind}>
                <DrawnScene kind={kind} />
                <span className="proof__scene-name">{scenes[kind]}</span>
              </li>
            ))}
      </ul>
      {photos.length === 0 && <figcaption className="proof__caption">{caption}</figcaption>}
    </figure>
  );
}
