import { Link } from 'react-router';
import { useAuth } from '../auth/AuthContext.tsx';
import { ArrowForward } from './ArrowForward.tsx';
import { landingTexts as texts } from './texts.ts';

/** The calls to action: into the app for a signed-in visitor, to signup and login otherwise. */
export function CallsToAction({ primary }: { primary: 'getStarted' | 'signUpFree' }) {
  const { user, loading } = useAuth();
  if (loading) return <div className="calls-to-action" />;

  return (
    <div className="calls-to-action">
      {user ? (
        <Link to="/dashboard" className="button button--contained button--large">
          {texts.cta.goToDashboard}
          <span className="button__end-icon">
            <ArrowForward />
          </span>
        </Link>
      ) : (
        <>
          <Link to="/signup" className="button button--contained button--large">
            {texts.cta[primary]}
          </Link>
          <Link to="/login" className="button button--outlined button--large">
            {texts.cta.existingUser}
          </Link>
        </>
      )}
      <Link to="/help" className="link calls-to-action__more">
        {texts.cta.learnMore}
      </Link>
    </div>
  );
}
