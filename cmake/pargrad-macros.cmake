# pargrad_add_gradient(<target> SOURCE <file.c>
#                      [REVERSE <func> WRT <param>... [OUT <param>...] [NAME <name>]]
#                      [FORWARD <func> WRT <param>... [NAME <name>]]
#                      [BACKEND openmp|cuda|serial] [OUTPUT <file_b.c>]
#                      [OPTIONS <pargrad args>...] [CLANG_ARGS <args>...])
#
# Adds a build step that runs pargrad on SOURCE and writes the derivative
# source into the build tree (OUTPUT, default <binary dir>/<stem>_b.c, _d.c
# for FORWARD, _b.cu for BACKEND cuda, whose project enables CUDA), adds
# it to <target>'s sources and links the runtime (pargrad::runtime, which
# carries OpenMP; for BACKEND serial pargrad::runtime_serial, which does not,
# so the target builds without OpenMP), and compiles SOURCE itself with
# -Wno-unknown-pragmas (GCC, Clang). The step runs again when SOURCE or anything it includes
# changes (pargrad writes a depfile, -MD -MF), and when pargrad does. Without
# REVERSE or FORWARD the directives in the source are used (FORWARD is passed
# on as --forward; this version of pargrad reports forward mode as not
# supported yet). The target's include
# directories, compile definitions and C standard are passed to pargrad, so a
# file that needs -DREAL=float or a header path is read as the compiler
# reads it; CLANG_ARGS adds more. OPTIONS go to pargrad itself
# (--line-directives, --report is not one: it writes no file).
#
# Needs the targets pargrad::pargrad (the tool) and pargrad::runtime: from
# find_package(pargrad CONFIG), or inside pargrad's own build.
function(pargrad_add_gradient target)
  cmake_parse_arguments(PG "" "SOURCE;OUTPUT;REVERSE;FORWARD;NAME;BACKEND"
    "WRT;OUT;OPTIONS;CLANG_ARGS" ${ARGN})
  if(NOT TARGET ${target})
    message(FATAL_ERROR "pargrad_add_gradient: '${target}' is not a target: "
      "create it first (add_executable or add_library), then attach the gradient to it")
  endif()
  if(NOT PG_SOURCE)
    message(FATAL_ERROR "pargrad_add_gradient: SOURCE is required")
  endif()
  if(PG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "pargrad_add_gradient: unknown arguments: ${PG_UNPARSED_ARGUMENTS}")
  endif()
  if(PG_REVERSE AND PG_FORWARD)
    message(FATAL_ERROR "pargrad_add_gradient: REVERSE or FORWARD, one per call")
  endif()
  if((PG_REVERSE OR PG_FORWARD) AND NOT PG_WRT)
    message(FATAL_ERROR "pargrad_add_gradient: REVERSE/FORWARD ${PG_REVERSE}${PG_FORWARD} "
      "needs WRT <param>...")
  endif()
  get_filename_component(src ${PG_SOURCE} ABSOLUTE)
  get_filename_component(stem ${PG_SOURCE} NAME_WE)
  if(NOT PG_OUTPUT AND PG_FORWARD)
    set(PG_OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/${stem}_d.c)
  elseif(NOT PG_OUTPUT AND PG_BACKEND STREQUAL "cuda")
    # (the project enables CUDA: project(... LANGUAGES C CUDA))
    set(PG_OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/${stem}_b.cu)
  elseif(NOT PG_OUTPUT)
    set(PG_OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/${stem}_b.c)
  endif()
  get_filename_component(PG_OUTPUT ${PG_OUTPUT} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_BINARY_DIR})
  set(args ${src} -o ${PG_OUTPUT} -MD -MF ${PG_OUTPUT}.d)
  string(REPLACE ";" "," wrt "${PG_WRT}")
  if(PG_FORWARD)
    list(APPEND args --forward=${PG_FORWARD} --wrt=${wrt})
    if(PG_NAME)
      list(APPEND args --name=${PG_NAME})
    endif()
  endif()
  if(PG_REVERSE)
    list(APPEND args --reverse=${PG_REVERSE} --wrt=${wrt})
    if(PG_OUT)
      string(REPLACE ";" "," out "${PG_OUT}")
      list(APPEND args --out=${out})
    endif()
    if(PG_NAME)
      list(APPEND args --name=${PG_NAME})
    endif()
  endif()
  if(PG_BACKEND)
    list(APPEND args --backend=${PG_BACKEND})
  endif()
  list(APPEND args ${PG_OPTIONS})
  # what the compiler is told about the target's sources, for pargrad's parse
  set(incs "$<TARGET_PROPERTY:${target},INCLUDE_DIRECTORIES>")
  set(defs "$<TARGET_PROPERTY:${target},COMPILE_DEFINITIONS>")
  set(std "$<TARGET_PROPERTY:${target},C_STANDARD>")
  # C_EXTENSIONS unset means on, as CMake compiles: gnu11, not c11
  set(ext "$<TARGET_PROPERTY:${target},C_EXTENSIONS>")
  set(dialect "$<IF:$<OR:$<STREQUAL:${ext},>,$<BOOL:${ext}>>,gnu,c>")
  list(APPEND args --
    "$<$<BOOL:${incs}>:-I$<JOIN:${incs},$<SEMICOLON>-I>>"
    "$<$<BOOL:${defs}>:-D$<JOIN:${defs},$<SEMICOLON>-D>>"
    "$<$<BOOL:${std}>:-std=${dialect}${std}>"
    ${PG_CLANG_ARGS})
  # Ninja: the depfile names the output by its absolute path, which CMake
  # rewrites into Ninja's build-relative form under CMP0116 (3.20+)
  cmake_policy(PUSH)
  if(POLICY CMP0116)
    cmake_policy(SET CMP0116 NEW)
  endif()
  add_custom_command(OUTPUT ${PG_OUTPUT}
    COMMAND pargrad::pargrad ${args}
    DEPENDS ${src} pargrad::pargrad
    DEPFILE ${PG_OUTPUT}.d
    COMMENT "pargrad: differentiating ${PG_SOURCE}"
    COMMAND_EXPAND_LISTS
    VERBATIM)
  cmake_policy(POP)
  target_sources(${target} PRIVATE ${PG_OUTPUT})
  # the annotated source still compiles as plain C: its `#pragma pargrad`
  # lines are unknown to the compiler, which warns under -Wall (clang always)
  # and fails under -Werror
  set_property(SOURCE ${src} TARGET_DIRECTORY ${target} APPEND PROPERTY COMPILE_OPTIONS
    "$<$<COMPILE_LANG_AND_ID:C,GNU,Clang,AppleClang>:-Wno-unknown-pragmas>")
  if(PG_BACKEND STREQUAL "serial")
    target_link_libraries(${target} PRIVATE pargrad::runtime_serial)
  else()
    target_link_libraries(${target} PRIVATE pargrad::runtime)
  endif()
endfunction()
