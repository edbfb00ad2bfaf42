/**
 * The 3D scene of the STL preview. Imported only when a preview opens (dynamic import), so three.js
 * is its own chunk and the patient-details page does not carry it.
 */
import {
  AmbientLight,
  Box3,
  Color,
  DirectionalLight,
  Mesh,
  MeshStandardMaterial,
  PerspectiveCamera,
  Scene,
  Vector3,
  WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';

export class WebGLUnavailableError extends Error {
  constructor() {
    super('WebGL is not available');
    this.name = 'WebGLUnavailableError';
  }
}

export interface StlViewer {
  /** Triangles in the model. */
  triangles: number;
  dispose: () => void;
}

/**
 * Parses binary or ASCII STL bytes and shows the model in `container`: lit, centred, framed by
 * the camera, rotated with the mouse or the arrow keys (the canvas takes focus), zoomed with the
 * wheel. Returns a handle to free the GPU resources.
 */
export function mountStlViewer(container: HTMLElement, data: ArrayBuffer, label: string): StlViewer {
  const geometry = new STLLoader().parse(data);
  const triangles = geometry.getAttribute('position').count / 3;
  if (!Number.isFinite(triangles) || triangles < 1) {
    geometry.dispose();
    throw new Error('The file contains no triangles');
  }
  geometry.computeVertexNormals();
  geometry.computeBoundingBox();
  const box = geometry.boundingBox ?? new Box3();
  const center = box.getCenter(new Vector3());
  geometry.translate(-center.x, -center.y, -center.z);
  const radius = Math.max(box.getSize(new Vector3()).length() / 2, 1e-3);

  let renderer: WebGLRenderer;
  try {
    renderer = new WebGLRenderer({ antialias: true });
  } catch {
    geometry.dispose();
    throw new WebGLUnavailableError();
  }
  const width = Math.max(container.clientWidth, 1);
  const height = Math.max(container.clientHeight, 1);
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
  renderer.setSize(width, height);
  const canvas = renderer.domElement;
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', label);
  canvas.tabIndex = 0;
  canvas.style.display = 'block';
  canvas.style.outlineOffset = '-3px';
  container.appendChild(canvas);

  const scene = new Scene();
  scene.background = new Color(0xf4f6f8);
  const material = new MeshStandardMaterial({ color: 0xe8dcc8, roughness: 0.55, metalness: 0.05 });
  const mesh = new Mesh(geometry, material);
  scene.add(mesh);
  scene.add(new AmbientLight(0xffffff, 0.7));
  const key = new DirectionalLight(0xffffff, 1.6);
  key.position.set(1, 1, 2);
  scene.add(key);
  const fill = new DirectionalLight(0xffffff, 0.6);
  fill.position.set(-1, -0.5, -1);
  scene.add(fill);

  const camera = new PerspectiveCamera(40, width / height, radius / 100, radius * 100);
  const distance = radius / Math.sin((camera.fov * Math.PI) / 360);
  camera.position.set(0, -distance * 0.4, distance);
  camera.lookAt(0, 0, 0);

  const controls = new OrbitControls(camera, canvas);
  controls.enableDamping = true;
  controls.keyPanSpeed = radius / 10;
  controls.listenToKeyEvents(canvas);

  let frame = 0;
  const render = () => {
    frame = requestAnimationFrame(render);
    controls.update();
    renderer.render(scene, camera);
  };
  render();

  const resize = new ResizeObserver(() => {
    const w = Math.max(container.clientWidth, 1);
    const h = Math.max(container.clientHeight, 1);
    camera.aspect = w / h;
    camera.updateProjectionMatrix();
    renderer.setSize(w, h);
  });
  resize.observe(container);

  return {
    triangles,
    dispose: () => {
      cancelAnimationFrame(frame);
      resize.disconnect();
      controls.dispose();
      geometry.dispose();
      material.dispose();
      renderer.dispose();
      canvas.remove();
    },
  };
}
