import Box from '@mui/material/Box';

/**
 * A centred spinner for while a page or the signed-in user is loading. It is drawn and turned by the SVG itself
 * rather than MUI's CircularProgress, because it is the fallback of every lazily loaded page and so part of the
 * landing page's first download.
 */
export function PageLoader() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', py: 10, flexGrow: 1 }}>
      <Box
        component="svg"
        role="progressbar"
        aria-label="Loading"
        viewBox="0 0 44 44"
        sx={{ width: 40, height: 40, color: 'primary.main' }}
      >
        <circle
          cx="22"
          cy="22"
          r="20.2"
          fill="none"
          stroke="currentColor"
          strokeWidth="3.6"
          strokeLinecap="round"
          strokeDasharray="80 200"
        >
          <animateTransform
            attributeName="transform"
            type="rotate"
            from="0 22 22"
            to="360 22 22"
            dur="1.2s"
            repeatCount="indefinite"
          />
        </circle>
      </Box>
    </Box>
  );
}
