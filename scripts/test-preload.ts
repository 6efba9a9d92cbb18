// Component tests render into happy-dom; api and script tests ignore it.
import { GlobalRegistrator } from '@happy-dom/global-registrator';

GlobalRegistrator.register();
