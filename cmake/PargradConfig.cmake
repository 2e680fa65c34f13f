# pargrad_add_gradient(<out-var> SOURCE <file.c> [OUTPUT <file_b.c>]
#                      [REVERSE <func> WRT <a,b> [OUT <y>] [NAME <new>]]
#                      [BACKEND openmp|serial] [CLANG_ARGS <args>...])
# Runs pargrad as a build step and stores the generated file's path in
# <out-var>; add it to a target's sources and link pargrad::rt (or the flags of
# `pargrad --libs`). Without REVERSE the source's own directives are used.
if(NOT PARGRAD_EXECUTABLE)
  find_program(PARGRAD_EXECUTABLE pargrad HINTS ${CMAKE_CURRENT_LIST_DIR}/../../../bin REQUIRED)
endif()
if(NOT TARGET pargrad::rt)
  if(TARGET pargrad_rt)
    add_library(pargrad::rt ALIAS pargrad_rt)
  else()
    find_library(PARGRAD_RT_LIBRARY pargrad_rt HINTS ${CMAKE_CURRENT_LIST_DIR}/../..)
    find_path(PARGRAD_INCLUDE_DIR pargrad.h HINTS ${CMAKE_CURRENT_LIST_DIR}/../../../include)
    find_package(OpenMP REQUIRED COMPONENTS C)
    add_library(pargrad::rt STATIC IMPORTED)
    set_target_properties(pargrad::rt PROPERTIES IMPORTED_LOCATION ${PARGRAD_RT_LIBRARY}
      INTERFACE_INCLUDE_DIRECTORIES ${PARGRAD_INCLUDE_DIR}
      INTERFACE_LINK_LIBRARIES "OpenMP::OpenMP_C;m")
  endif()
endif()

function(pargrad_add_gradient out_var)
  cmake_parse_arguments(PG "" "SOURCE;OUTPUT;REVERSE;WRT;OUT;NAME;BACKEND" "CLANG_ARGS" ${ARGN})
  if(NOT PG_SOURCE)
    message(FATAL_ERROR "pargrad_add_gradient: SOURCE is required")
  endif()
  get_filename_component(src ${PG_SOURCE} ABSOLUTE)
  get_filename_component(stem ${PG_SOURCE} NAME_WE)
  if(NOT PG_OUTPUT)
    set(PG_OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/${stem}_b.c)
  endif()
  set(args ${src} -o ${PG_OUTPUT} -MD -MF ${PG_OUTPUT}.d)
  if(PG_REVERSE)
    list(APPEND args --reverse=${PG_REVERSE} --wrt=${PG_WRT})
    if(PG_OUT)
      list(APPEND args --out=${PG_OUT})
    endif()
    if(PG_NAME)
      list(APPEND args --name=${PG_NAME})
    endif()
  endif()
  if(PG_BACKEND)
    list(APPEND args --backend=${PG_BACKEND})
  endif()
  if(PG_CLANG_ARGS)
    list(APPEND args -- ${PG_CLANG_ARGS})
  endif()
  add_custom_command(OUTPUT ${PG_OUTPUT}
    COMMAND ${PARGRAD_EXECUTABLE} ${args}
    DEPENDS ${src} ${PARGRAD_EXECUTABLE}
    DEPFILE ${PG_OUTPUT}.d
    COMMENT "pargrad: differentiating ${PG_SOURCE}"
    VERBATIM)
  set(${out_var} ${PG_OUTPUT} PARENT_SCOPE)
endfunction()
