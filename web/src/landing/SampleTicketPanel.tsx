import { ArrowForward } from './ArrowForward.tsx';
import { LandingSection } from './LandingSection.tsx';
import { Tag } from './Tag.tsx';
import { landingTexts as texts } from './texts.ts';

/** A few lines of a sample transcript beside the ticket Tickscribe drafts from them. */
export function SampleTicketPanel() {
  const sample = texts.sample;
  return (
    <LandingSection id="sample" heading={sample.heading} intro={sample.intro} tinted>
      <div className="grid grid--sample">
        <div className="card">
          <div className="sample__header">
            <h3>{sample.transcriptLabel}</h3>
            <p className="secondary small mono">{sample.transcriptSource}</p>
          </div>
          <ol className="sample__lines">
            {sample.transcript.map((line) => (
              <li key={line.time}>
                <p className="secondary small">
                  <span className="mono sample__time">{line.time}</span>
                  <span className="sample__speaker">{line.speaker}</span>
                </p>
                <p>{line.text}</p>
              </li>
            ))}
          </ol>
        </div>
        <div aria-hidden="true" className="sample__arrow">
          <ArrowForward />
        </div>
        <div className="card sample__ticket">
          <h3 className="card__heading">{sample.ticketLabel}</h3>
          <p className="sample__title">{sample.ticket.title}</p>
          <p className="secondary sample__description">{sample.ticket.description}</p>
          <dl className="sample__fields">
            <div>
              <dt>{sample.ticket.priority.label}</dt>
              <dd>
                <Tag size="small" tone="error">
                  {sample.ticket.priority.value}
                </Tag>
              </dd>
            </div>
            {sample.ticket.fields.map((field) => (
              <div key={field.label}>
                <dt>{field.label}</dt>
                <dd className="sample__value">{field.value}</dd>
              </div>
            ))}
            <div>
              <dt>{sample.ticket.tagsLabel}</dt>
              <dd className="sample__tags">
                {sample.ticket.tags.map((tag) => (
                  <Tag key={tag} size="small" tone="outlined">
                    {tag}
                  </Tag>
                ))}
              </dd>
            </div>
          </dl>
        </div>
      </div>
    </LandingSection>
  );
}
