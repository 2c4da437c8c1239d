import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';

export interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
  list?: readonly string[];
  /** Shown as a mailto link after the paragraphs. */
  email?: string;
}

export interface LegalDocumentContent {
  pageTitle: string;
  heading: string;
  lastUpdated: string;
  intro: string;
  sections: readonly LegalSection[];
}

/** The layout shared by the terms and the refund policy: title, date, numbered sections. */
export function LegalDocument({ content }: { content: LegalDocumentContent }) {
  return (
    <Container maxWidth="md" component="article" sx={{ py: { xs: 4, md: 7 } }}>
      <title>{content.pageTitle}</title>
      <Typography variant="h1">{content.heading}</Typography>
      <Typography color="textSecondary" sx={{ mt: 1 }}>
        {content.lastUpdated}
      </Typography>
      <Typography sx={{ mt: 3 }}>{content.intro}</Typography>
      {content.sections.map((section, index) => (
        <Box component="section" key={section.heading} sx={{ mt: 4 }}>
          <Typography variant="h2" sx={{ fontSize: '1.3rem', mb: 1.5 }}>
            {`${index + 1}. ${section.heading}`}
          </Typography>
          {section.paragraphs.map((paragraph) => (
            <Typography key={paragraph} sx={{ mb: 1.5 }}>
              {paragraph}
            </Typography>
          ))}
          {section.list && (
            <Box component="ul" sx={{ pl: 3, mt: 0, mb: 1.5 }}>
              {section.list.map((item) => (
                <Typography component="li" key={item} sx={{ mb: 0.75 }}>
                  {item}
                </Typography>
              ))}
            </Box>
          )}
          {section.email && (
            <Link href={`mailto:${section.email}`} sx={{ fontWeight: 600 }}>
              {section.email}
            </Link>
          )}
        </Box>
      ))}
    </Container>
  );
}
