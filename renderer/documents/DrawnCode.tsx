// A code drawn as one SVG path (the dark bars or modules bwip-js encoded), named for screen readers by its value; a
// value the encoder refused says so in words instead.
export interface CodeShape {
  viewBox: string;
  /** Every dark bar or module, as one path. */
  d: string;
}

export function DrawnCode(props: { value: string; shape: CodeShape | null; className?: string; stretch?: boolean }) {
  const { value, shape, className, stretch = false } = props;
  if (!shape) return <p className="doc-barcode-missing">Barcode {value} cannot be drawn</p>;
  return (
    <svg
      className={className}
      viewBox={shape.viewBox}
      preserveAspectRatio={stretch ? 'none' : undefined}
      shapeRendering={stretch ? undefined : 'crispEdges'}
      role="img"
      aria-label={`Barcode ${value}`}
      xmlns="http://www.w3.org/2000/svg"
    >
      <path fill="#000" d={shape.d} />
    </svg>
  );
}
