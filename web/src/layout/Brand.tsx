import { Link } from 'react-router';
import { layoutTexts } from './texts.ts';

export function Brand() {
  return (
    <Link to="/" className="brand">
      <img src="/favicon.svg" alt="" />
      {layoutTexts.brand}
    </Link>
  );
}
