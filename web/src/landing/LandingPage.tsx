import { CallsToAction } from './CallsToAction.tsx';
import './landing.css';
import { LandingSection } from './LandingSection.tsx';
import { ProductHuntBadge } from './ProductHuntBadge.tsx';
import { SampleTicketPanel } from './SampleTicketPanel.tsx';
import { Tag } from './Tag.tsx';
import { landingTexts as texts } from './texts.ts';

// Plain markup styled by landing.css: a first visit loads no MUI or emotion (see layout/frame.css).

function Hero() {
  return (
    <div className="hero">
      <div className="container">
        <p className="hero__eyebrow">{texts.hero.eyebrow}</p>
        <h1 className="hero__heading">{texts.hero.heading}</h1>
        <p className="hero__lead">{texts.hero.lead}</p>
        <CallsToAction primary="getStarted" />
      </div>
    </div>
  );
}

function Steps() {
  return (
    <LandingSection id="how-it-works" heading={texts.steps.heading} tinted>
      <ol className="grid grid--thirds">
        {texts.steps.items.map((step, index) => (
          <li key={step.title} className="card step">
            <div aria-hidden="true" className="step__number">
              {index + 1}
            </div>
            <h3 className="card__heading">{step.title}</h3>
            <p className="secondary">{step.body}</p>
          </li>
        ))}
      </ol>
    </LandingSection>
  );
}

function SupportedInputs() {
  const inputs = texts.inputs;
  return (
    <LandingSection id="supported-inputs" heading={inputs.heading} intro={inputs.intro}>
      <div className="grid grid--inputs">
        <div className="card">
          <h3 className="card__heading">{inputs.uploadsHeading}</h3>
          <ul className="formats">
            {inputs.uploads.map((format) => (
              <li key={format}>
                <Tag>{format}</Tag>
              </li>
            ))}
          </ul>
          <p className="secondary inputs__note">{inputs.uploadsNote}</p>
        </div>
        <div className="card">
          <h3 className="card__heading">{inputs.botHeading}</h3>
          <p className="secondary">{inputs.botBody}</p>
        </div>
      </div>
      <p className="inputs__processing">{inputs.processing}</p>
    </LandingSection>
  );
}

function Trackers() {
  const trackers = texts.trackers;
  return (
    <LandingSection id="trackers" heading={trackers.heading} intro={trackers.intro}>
      <ul className="grid grid--trackers">
        {trackers.items.map((tracker) => (
          <li key={tracker.name} className="card tracker">
            <h3>{tracker.name}</h3>
            <p className="secondary small">{tracker.body}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}

function Testimonials() {
  const testimonials = texts.testimonials;
  return (
    <LandingSection id="testimonials" heading={testimonials.heading} intro={testimonials.note} tinted>
      <div className="grid grid--thirds">
        {testimonials.items.map((item) => (
          <figure key={item.name} className="card testimonial">
            <blockquote>“{item.quote}”</blockquote>
            <figcaption className="small">
              <span className="testimonial__name">{item.name}</span>
              <span className="secondary">{item.role}</span>
            </figcaption>
          </figure>
        ))}
      </div>
    </LandingSection>
  );
}

function Closing() {
  return (
    <LandingSection id="get-started" heading={texts.closing.heading} intro={texts.closing.body}>
      <div className="closing">
        <CallsToAction primary="signUpFree" />
        <div>
          <ProductHuntBadge />
        </div>
      </div>
    </LandingSection>
  );
}

/** The landing page (/): what Tickscribe does, for whom, and the way in. */
export default function LandingPage() {
  return (
    <div className="landing">
      <title>{texts.pageTitle}</title>
      <Hero />
      <Steps />
      <SupportedInputs />
      <SampleTicketPanel />
      <Trackers />
      <Testimonials />
      <Closing />
    </div>
  );
}
