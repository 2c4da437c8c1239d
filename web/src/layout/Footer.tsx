import { Link } from 'react-router';
import { layoutTexts } from './texts.ts';

/** The footer of every page: the copyright and the legal links. */
export function Footer() {
  return (
    <footer className="footer">
      <div className="container footer__row">
        <p className="footer__copyright">{layoutTexts.copyright(new Date().getFullYear())}</p>
        <nav aria-label={layoutTexts.legalNavigation} className="footer__links">
          <Link to="/terms-of-service" className="link">
            {layoutTexts.termsOfService}
          </Link>
          <Link to="/refund-policy" className="link">
            {layoutTexts.refundPolicy}
          </Link>
        </nav>
      </div>
    </footer>
  );
}
