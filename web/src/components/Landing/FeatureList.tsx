import { useCompetition } from "../../competition/CompetitionContext";
import { SparkIcon } from "./icons";
import classes from "./Landing.module.css";
import { LandingSection } from "./LandingSection";

export function FeatureList() {
  const features = useCompetition().competition.site.features;
  return (
    <LandingSection titleId="features-title" title={features.title} intro={features.intro} alt>
      <ul className={classes.featureGrid}>
        {features.items.map((feature) => (
          <li key={feature.title} className={classes.feature}>
            <span className={classes.featureIcon}>
              <SparkIcon size={22} />
            </span>
            <h3 className={classes.featureTitle}>{feature.title}</h3>
            <p className={classes.featureText}>{feature.description}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
