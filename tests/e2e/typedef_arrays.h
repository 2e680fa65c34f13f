/* Small vectors as a typedef of an array, as geometry codes name them. */
typedef double vec3[3];
