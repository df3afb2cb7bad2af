/** The four background images of the login screen: autoplay 5,000 ms, fade 1,500 ms (000 §9). */
import { LIMITS } from '@agrifleet/domain';
import { Carousel } from 'antd';
import styles from './login.module.css';

const SLIDES = ['/brand/login-1.svg', '/brand/login-2.svg', '/brand/login-3.svg', '/brand/login-4.svg'];

export function LoginCarousel({ className }: { className?: string }) {
  return (
    <div className={`${styles.carousel} ${className ?? ''}`}>
      <Carousel
        autoplay
        effect="fade"
        autoplaySpeed={LIMITS.carouselSlideMs}
        speed={LIMITS.carouselFadeMs}
        dots={{ className: styles.carouselDots }}
        pauseOnHover={false}
      >
        {SLIDES.map((src) => (
          <div key={src}>
            <div className={styles.slide} style={{ backgroundImage: `url(${src})` }} />
          </div>
        ))}
      </Carousel>
    </div>
  );
}
