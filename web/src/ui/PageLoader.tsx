/**
 * A centred spinner for while a page or the signed-in user is loading. It is plain markup styled by
 * layout/frame.css, drawn and turned by the SVG itself, because it is the fallback of every lazily loaded page and
 * so part of the landing page's first download, which has no MUI.
 */
export function PageLoader() {
  return (
    <div className="page-loader">
      <svg role="progressbar" aria-label="Loading" viewBox="0 0 44 44">
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
      </svg>
    </div>
  );
}
