// The TRAINING banner: always on top while the training service is the backend, so no one mistakes practice for real.
export function TrainingBanner() {
  return (
    <section className="training-banner" aria-label="Training mode">
      <strong>TRAINING</strong>
      <span>Practice data from the training service. Nothing here reaches a real patient.</span>
    </section>
  );
}
