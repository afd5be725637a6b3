import './public.css';

interface CardCoverProps {
  /** The picture's address, or null for the placeholder. */
  src: string | null;
  alt: string;
  /** Shown large on the placeholder when there is no picture (two characters of the name, say). */
  initials: string;
  className?: string;
}

/** The picture at the top of a public card, or its name's first characters on a soft background. */
export function CardCover({ src, alt, initials, className }: CardCoverProps) {
  return (
    <div className={className ? `public-card__cover ${className}` : 'public-card__cover'}>
      {src ? (
        <img src={src} alt={alt} loading="lazy" />
      ) : (
        <span className="public-card__placeholder" aria-hidden>
          {initials}
        </span>
      )}
    </div>
  );
}
