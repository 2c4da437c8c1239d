import { landingTexts, PRODUCT_HUNT_URL } from './texts.ts';

/** A self-drawn listing badge: the CSP allows no images from other sites. */
export function ProductHuntBadge() {
  const texts = landingTexts.productHunt;
  return (
    <a href={PRODUCT_HUNT_URL} target="_blank" rel="noopener noreferrer" className="product-hunt">
      <svg viewBox="0 0 40 40" width="36" height="36" aria-hidden="true" focusable="false">
        <circle cx="20" cy="20" r="20" fill="#c9471f" />
        <path d="M15 11h8a6 6 0 0 1 0 12h-4v6h-4zM19 15v4h4a2 2 0 0 0 0-4z" fill="#ffffff" fillRule="evenodd" />
      </svg>
      <span className="product-hunt__words">
        <span className="product-hunt__lead">{texts.lead}</span>{' '}
        <span className="product-hunt__name">{texts.name}</span>
      </span>
      <span className="visually-hidden">{texts.newTab}</span>
    </a>
  );
}
