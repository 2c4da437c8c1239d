import type { ReactNode } from 'react';

/** A section of the landing page: a heading, an optional intro and its content, on a tinted band when asked. */
export function LandingSection({
  id,
  heading,
  intro,
  children,
  tinted = false,
}: {
  id: string;
  heading: string;
  intro?: string;
  children: ReactNode;
  tinted?: boolean;
}) {
  return (
    <section aria-labelledby={id} className={tinted ? 'landing-section landing-section--tinted' : 'landing-section'}>
      <div className="container">
        <h2 id={id} className={intro ? 'landing-section__heading--with-intro' : 'landing-section__heading'}>
          {heading}
        </h2>
        {intro && <p className="secondary landing-section__intro">{intro}</p>}
        {children}
      </div>
    </section>
  );
}
